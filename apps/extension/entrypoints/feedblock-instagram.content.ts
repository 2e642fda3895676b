import { runFeedblockContentScript } from '@/src/feedblock/content';
import { instagram } from '@/src/feedblock/sites/instagram';

// document_start: the feed's stylesheet is in place before the page has any content.
export default defineContentScript({
  matches: instagram.matches,
  runAt: 'document_start',
  main() {
    runFeedblockContentScript(instagram);
  },
});
