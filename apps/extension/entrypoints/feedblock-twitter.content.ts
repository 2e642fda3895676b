import { runFeedblockContentScript } from '@/src/feedblock/content';
import { twitter } from '@/src/feedblock/sites/twitter';

// document_start: the feed's stylesheet is in place before the page has any content.
export default defineContentScript({
  matches: twitter.matches,
  runAt: 'document_start',
  main() {
    runFeedblockContentScript(twitter);
  },
});
