/** Import questions (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function QuestionImport() {
  return (
    <section className="admin-panel">
      <PanelHeading title="Import questions" />
      <p>This screen is not open yet.</p>
    </section>
  );
}
