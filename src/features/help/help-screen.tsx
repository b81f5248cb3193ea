import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import guide from 'virtual:operator-guide';
import './help.css';

/**
 * Help (/dashboard/help): the operator guide, docs/guide.md, as the repository shows it, pictures included. Its HTML
 * is made at build time from the repository's own file (operator-guide-plugin.ts), so it is set as it is: no
 * operator's or server's text reaches it. An address with a section (#runs) opens at that section once the
 * article is in the page; the article's own section links are plain fragments.
 */
export function HelpScreen() {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash))?.scrollIntoView();
  }, [hash]);
  return <article className="screen help guide" aria-labelledby={guide.titleId} dangerouslySetInnerHTML={{ __html: guide.html }} />;
}
