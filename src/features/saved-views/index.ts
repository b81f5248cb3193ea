/** What other features use of the saved-views feature (docs/decisions/0010-saved-views.md). */
export { SavedViewsMenu } from './saved-views-menu';
