/** What other features use of the history feature. */
export { HistoryDialog } from './history-dialog';
export { useHeaderHistory } from './header-history';
export { generatedCount } from './generated-count';
export { aiModelText, runFigureParts, runFiguresText } from './run-figures';
