/** Question bank (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function QuestionBank() {
  return (
    <section className="admin-panel">
      <PanelHeading title="Question bank" />
      <p>This screen is not open yet.</p>
    </section>
  );
}
