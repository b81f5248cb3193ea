export { ImportExclusionsButton } from './import-exclusions-dialog';
