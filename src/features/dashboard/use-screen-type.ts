import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSelection, type ScreenType } from '../../store/selection';

/**
 * docs/product.md#selection: a screen sets the type on entry. Routes declare it (`staticData: { screenType }`, the
 * deepest declaring route wins); this applies it to the store when the operator enters such a screen.
 * Screens without a type (home, payment methods, transactions) keep the previous one.
 */
export function useScreenTypeFromRoute(): void {
  const screenType = useMatches({
    select: (matches) => {
      let found: ScreenType | undefined;
      for (const match of matches) found = match.staticData.screenType ?? found;
      return found;
    },
  });
  const setScreenType = useSelection((s) => s.setScreenType);
  useEffect(() => {
    if (screenType) setScreenType(screenType);
  }, [screenType, setScreenType]);
}
