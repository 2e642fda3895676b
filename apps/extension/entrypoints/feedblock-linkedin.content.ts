import { runFeedblockContentScript } from '@/src/feedblock/content';
import { linkedin } from '@/src/feedblock/sites/linkedin';

// document_start: the feed's stylesheet is in place before the page has any content.
export default defineContentScript({
  matches: linkedin.matches,
  runAt: 'document_start',
  main() {
    runFeedblockContentScript(linkedin);
  },
});
