import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The next open menu when menu `id` asks to open or close. Closing only closes `id` itself: when another trigger is
 * pressed, its "open" arrives before the old menu's "outside pointer down" close, which must then not close the new one.
 */
export function nextOpenMenu<Id extends string>(current: Id | null, id: Id, open: boolean): Id | null {
  if (open) return id;
  return current === id ? null : current;
}

/**
 * One open menu at a time among a group (the header's dropdowns): each menu is controlled through `menu(id)`,
 * which gives radix's `open`/`onOpenChange` for the Root and `onCloseAutoFocus` for the Content. Radix closes a
 * menu on Escape or a pointer down outside it.
 *
 * `onCloseAutoFocus` keeps a closing menu from sending the focus back to its trigger while another menu of the group
 * has just opened (that focus move would count as "focus outside" for the new menu and close it too).
 */
export function useExclusiveMenus<Id extends string>() {
  const [openMenu, setOpenMenu] = useState<Id | null>(null);
  // Read by onCloseAutoFocus, which radix calls after the commit that closed the menu.
  const openRef = useRef<Id | null>(null);
  useLayoutEffect(() => {
    openRef.current = openMenu;
  }, [openMenu]);
  const menu = useCallback(
    (id: Id) => ({
      open: openMenu === id,
      onOpenChange: (open: boolean) => setOpenMenu((current) => nextOpenMenu(current, id, open)),
      onCloseAutoFocus: (event: Event) => {
        if (openRef.current !== null && openRef.current !== id) event.preventDefault();
      },
    }),
    [openMenu],
  );
  const closeAll = useCallback(() => setOpenMenu(null), []);
  return { openMenu, menu, closeAll };
}
