/**
 * /tests: the tests open to the signed-in student and their whole test history with its trends
 * (src/components/tests/TestsOverview.tsx, which /account shows in short). Hydrated by
 * `client:session`; the page's AuthGate speaks to anyone not signed in.
 */
import TestsOverview from '../tests/TestsOverview';

export default function TestsPage() {
  return <TestsOverview />;
}
