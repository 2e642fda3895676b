import { runFeedblockContentScript } from '@/src/feedblock/content';
import { youtube } from '@/src/feedblock/sites/youtube';

// document_start: the feed's stylesheet is in place before the page has any content.
export default defineContentScript({
  matches: youtube.matches,
  runAt: 'document_start',
  main() {
    runFeedblockContentScript(youtube);
  },
});
