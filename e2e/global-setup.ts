import { makeDataTemplates, removeDataTemplates } from './database-templates';

/** Playwright's global setup: the data-directory templates every test server starts from; the returned teardown removes them. */
export default async function globalSetup() {
  const root = await makeDataTemplates();
  return () => removeDataTemplates(root);
}
