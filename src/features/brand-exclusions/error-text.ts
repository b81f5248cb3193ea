import { exclusionTexts } from '../../api/exclusions';

export const brandExclusionTexts = {
  fetchFailed: exclusionTexts.fetchFailed,
  removalFailed: 'Failed to remove brand from exclusion.',
} as const;
