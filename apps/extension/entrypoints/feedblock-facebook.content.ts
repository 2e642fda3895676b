import { runFeedblockContentScript } from '@/src/feedblock/content';
import { facebook } from '@/src/feedblock/sites/facebook';

// document_start: the feed's stylesheet is in place before the page has any content.
export default defineContentScript({
  matches: facebook.matches,
  runAt: 'document_start',
  main() {
    runFeedblockContentScript(facebook);
  },
});
