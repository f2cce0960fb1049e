/** My Courses (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function MyCourses() {
  return (
    <section className="admin-panel">
      <PanelHeading title="My Courses" />
      <p>This screen is not open yet.</p>
    </section>
  );
}
