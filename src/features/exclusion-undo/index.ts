/** What other features use of the undo of exclusions: the toast that offers it, or the offer beside a status line. */
export { undoTexts, useExclusionToast } from './use-exclusion-toast';
export { useUndoOffer } from './use-undo-offer';
