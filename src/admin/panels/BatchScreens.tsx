/**
 * The Batch submenu's screens and the Timetable as one lazily loaded part of the admin app (one
 * entry in the app's initial JavaScript instead of one per screen).
 */
import BatchForm from './BatchForm';
import BatchRoster from './BatchRoster';
import Batches from './Batches';
import Timetable from './Timetable';

/** Which screen: the list, the batch form (with `id` when editing), a roster screen, the timetable. */
export type BatchScreen = 'list' | 'form' | 'assign' | 'roster' | 'remove' | 'timetable';

export default function BatchScreens({ screen, id }: { screen: BatchScreen; id?: string | undefined }) {
  switch (screen) {
    case 'list':
      return <Batches />;
    case 'form':
      return <BatchForm id={id} />;
    case 'timetable':
      return <Timetable />;
    default:
      return <BatchRoster mode={screen} />;
  }
}
