import { createFileRoute } from '@tanstack/react-router';
import { HelpScreen } from '../features/help/help-screen';

/**
 * Help (docs/product.md#help): the operator guide, docs/guide.md. Its HTML and pictures are made at build time by
 * src/features/help/operator-guide-plugin.ts (a Vite plugin, with `marked`), so the browser gets the article and no
 * Markdown parser; the component is split off (autoCodeSplitting), so none of it reaches the login route. The guard
 * is the /dashboard layout's.
 */
export const Route = createFileRoute('/dashboard/help')({
  component: HelpScreen,
});
