import { appMeta } from '../../config/meta';
import { Tip } from '../../ui/tooltip';

/**
 * ARCHITECTURE.md: the offline demo generator is labelled as such, so nobody takes its made-up items for real data.
 * Shown only when the server says generation uses it (the `ai-provider` meta tag). Short ("Demo") so the header stays one
 * row at 1280 px; the tip and its accessible name say the rest.
 */
export function DemoGeneratorBadge() {
  if (appMeta().aiProvider !== 'demo') return null;
  return (
    <Tip content="Generation uses the offline demo generator: its events, brands and models are made up. Configure an AI provider for real data.">
      <span className="demo-generator-badge" tabIndex={0}>
        Demo<span className="sr-only"> generator</span>
      </span>
    </Tip>
  );
}
