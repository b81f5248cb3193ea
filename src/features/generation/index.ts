/** What other features use of generation. */
export { useHeaderRegenerate } from './header-regenerate';
