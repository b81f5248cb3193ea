import { createFormHookContexts } from '@tanstack/react-form';

/** The field a field component of `useAppForm` draws (use-app-form.ts): TanStack Form's contexts, made once. */
export const { fieldContext, formContext, useFieldContext } = createFormHookContexts();
