/**
 * The account page's sections below the fees, loaded as one chunk after the profile: the student's
 * practice tests (the open ones and their history) and "Your data and your rights". One loader in
 * the profile island for both, so the page's island stays within its budget.
 */
import TestsOverview from '../tests/TestsOverview';
import AccountRights from './AccountRights';

export default function LaterSections() {
  return (
    <>
      <TestsOverview short />
      <AccountRights />
    </>
  );
}
