import { fieldName } from '../contract/fields';
import type { ErrorAnswer } from '../contract/http';

/** One reason an input was refused, as zod reports it (fastify-type-provider-zod passes its parts on). */
export interface InputIssue {
  path: readonly PropertyKey[];
  code?: string;
  message: string;
  /** Of a union that no branch accepted: each branch's issues, with paths from the union. */
  errors?: readonly (readonly InputIssue[])[];
}

const fallbackMessage = 'The given data was invalid.';

/**
 * The answer to a refused input: every issue's message under its field, and the first as `message`.
 *
 * A union refused at the root (a body of two forms) has no field of its own: it speaks through the branch the
 * input comes closest to, whose issues carry their fields. Only a union at the root is opened this way: zod words
 * a branch's messages before the enclosing object adds its key, so below the root a message that names its field
 * (contract/text.ts `notWellFormedMessage`) would name it by half its path.
 */
export function validationAnswer(issues: readonly InputIssue[]): ErrorAnswer & { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const fielded = issues.flatMap(opened);
  for (const issue of fielded) (errors[fieldName(issue.path)] ??= []).push(issue.message);
  return { message: fielded[0]?.message ?? fallbackMessage, errors };
}

function opened(issue: InputIssue): readonly InputIssue[] {
  return isRootUnion(issue) ? closestBranch(issue.errors).flatMap(opened) : [issue];
}

function isRootUnion(issue: InputIssue): issue is InputIssue & { errors: readonly (readonly InputIssue[])[] } {
  return issue.code === 'invalid_union' && issue.path.length === 0 && (issue.errors?.length ?? 0) > 0;
}

/** Issues of a value that is missing or of a type the schema does not take (a union: of none of its types). */
const misfits = new Set(['invalid_type', 'invalid_union']);

/** The branch with the fewest misfit values (then the fewest issues; then the first). */
function closestBranch(branches: readonly (readonly InputIssue[])[]): readonly InputIssue[] {
  const distance = (branch: readonly InputIssue[]) =>
    [branch.filter((issue) => misfits.has(issue.code ?? '')).length, branch.length] as const;
  return branches.reduce((best, branch) => {
    const [bestTypes, bestCount] = distance(best);
    const [types, count] = distance(branch);
    return types < bestTypes || (types === bestTypes && count < bestCount) ? branch : best;
  });
}
