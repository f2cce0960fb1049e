/** A practice test's page (the educator area): not yet open. */
import PanelHeading from '../ui/PanelHeading';

export default function PracticeTest({ id }: { id: string }) {
  return (
    <section className="admin-panel">
      <PanelHeading title="A practice test" />
      <p>This screen is not open yet ({id}).</p>
    </section>
  );
}
