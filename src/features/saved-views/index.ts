/** What other features use of the saved-views feature (issue 14 point 3). */
export { SavedViewsMenu } from './saved-views-menu';
