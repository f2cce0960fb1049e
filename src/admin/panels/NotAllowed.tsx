/** An admin address whose panel the signed-in member of staff's role may not open (the server would refuse its calls too). */
import { Link } from 'wouter';
import { useAppInfo } from '../app-info';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';

export default function NotAllowed() {
  const { me } = useAppInfo();
  return (
    <section className="admin-panel">
      <PanelHeading title="Your role does not allow this page" />
      <p>
        You are signed in as {me.staff.roleLabel}, and this page is not part of that role. If you need it, please ask an Owner of the institute to change your
        role.
      </p>
      <p>
        <Link href={PATHS.dashboard}>Go to the dashboard</Link>
      </p>
    </section>
  );
}
