import { preparePgliteTemplate } from '../db/pglite-template';

/**
 * `npm ci`/`npm install` run this (`prepare`): what makes a first `npm start` fast is made once here, the empty
 * PGlite cluster a first start copies (server/db/pglite-template.ts). A failure only costs that speed: it is said
 * and the install goes on.
 */
try {
  await preparePgliteTemplate();
} catch (error) {
  console.warn('Could not prepare the PGlite template (a first start will run initdb instead):', error);
}
