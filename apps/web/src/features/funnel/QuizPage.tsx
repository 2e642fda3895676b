import { documentTitle } from '../../lib/documentTitle';
import { Page } from '../../ui/Page';

/** Quiz landing (SPEC §2 /quiz): the headline and the embedded 3-minute quiz. */
export function QuizPage() {
  return <Page title={documentTitle('Quiz')} heading="Eliminate distractions and be present again" />;
}
