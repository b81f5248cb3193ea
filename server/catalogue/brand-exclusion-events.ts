import { brandUpdated, equipmentsChanged, type Notifier } from '../notify/notifier';

/** Up to this many brands are announced one by one (`updatebrand`, as a single exclusion is); more by subcategory. */
const brandEventsLimit = 20;

/**
 * Tells every screen that these brands were excluded or un-excluded, once the change is stored: a few events however
 * many brands changed (a bulk action or its undo may flip tens of thousands), as the import does.
 */
export function announceBrandExclusions(notifier: Notifier, changed: readonly { id: number; subcategoryId: number }[]): void {
  if (changed.length === 0) return;
  if (changed.length <= brandEventsLimit) {
    for (const brand of changed) brandUpdated(notifier, brand.id);
    return;
  }
  equipmentsChanged(
    notifier,
    changed.map((brand) => brand.subcategoryId),
  );
}
