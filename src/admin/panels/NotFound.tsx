/** An admin address that names no panel. */
import { Link } from 'wouter';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';

export default function NotFound() {
  return (
    <section className="admin-panel">
      <PanelHeading title="Page not found" />
      <p>There is no admin page at this address.</p>
      <p>
        <Link href={PATHS.dashboard}>Go to the dashboard</Link>
      </p>
    </section>
  );
}
