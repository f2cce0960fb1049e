/** Students Enrolled (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function Enrolled() {
  return (
    <section className="admin-panel">
      <PanelHeading title="Students Enrolled" />
      <p>This screen is not open yet.</p>
    </section>
  );
}
