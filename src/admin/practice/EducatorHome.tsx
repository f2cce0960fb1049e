/** Educator Area (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function EducatorHome() {
  return (
    <section className="admin-panel">
      <PanelHeading title="Educator Area" />
      <p>This screen is not open yet.</p>
    </section>
  );
}
