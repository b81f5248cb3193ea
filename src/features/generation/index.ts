/** What other features use of generation. */
export { useHeaderRegenerate } from './header-regenerate';
export { CostConfirmDialog } from './cost-confirm-dialog';
export { useSpend } from './use-spend';
