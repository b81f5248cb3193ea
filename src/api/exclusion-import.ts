import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exclusionImportApi, exclusionImportFile } from '../../contract/exclusion-import';
import { uploadFile } from './http';
import { applyMutationStaleness } from './staleness';

/**
 * Importing exclusions from a CSV file (contract/exclusion-import.ts): the preview only reads, so it is a mutation
 * with no cache effects (it answers for one file, which no other screen asks about); applying refreshes the exclusion
 * list of the kind the file held.
 */

/** POST /api/exclusions/import/preview: what each line of the file matches. */
export function previewExclusionImport(file: Blob) {
  return uploadFile(exclusionImportApi.preview, file, exclusionImportFile.contentType);
}

/** POST /api/exclusions/import: excludes what the file's lines match. */
export function applyExclusionImport(file: Blob) {
  return uploadFile(exclusionImportApi.apply, file, exclusionImportFile.contentType);
}

export function usePreviewExclusionImport() {
  return useMutation({ mutationFn: previewExclusionImport });
}

export function useApplyExclusionImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyExclusionImport,
    onSuccess: (answer, sent) => void applyMutationStaleness(queryClient, 'exclusionImport.apply', { sent, answer }),
  });
}
