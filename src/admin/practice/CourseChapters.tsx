/** Add a Course (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function CourseChapters() {
  return (
    <section className="admin-panel">
      <PanelHeading title="Add a Course" />
      <p>This screen is not open yet.</p>
    </section>
  );
}
