/** What other features use of the undo of exclusions: the toast that offers it. */
export { useExclusionToast } from './use-exclusion-toast';
