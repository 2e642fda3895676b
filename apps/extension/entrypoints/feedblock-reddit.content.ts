import { runFeedblockContentScript } from '@/src/feedblock/content';
import { reddit } from '@/src/feedblock/sites/reddit';

// document_start: the feed's stylesheet is in place before the page has any content.
export default defineContentScript({
  matches: reddit.matches,
  runAt: 'document_start',
  main() {
    runFeedblockContentScript(reddit);
  },
});
