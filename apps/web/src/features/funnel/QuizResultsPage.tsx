import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Quiz results (SPEC §2 /quiz-results): the personal plan and plan selection. */
export function QuizResultsPage() {
  return <Page title={documentTitle('Quiz Results')} heading="Your Personal Plan" />;
}
