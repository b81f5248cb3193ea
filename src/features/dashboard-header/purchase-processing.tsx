import type { StillProcessing } from './purchase-flow';

/** A payment still processing: the dialog tells it, and why the last check failed, in place of the packages. */
export function PurchaseProcessing({ processing }: { processing: StillProcessing }) {
  return (
    <>
      <p className="notice" role="status">
        {processing.message}
      </p>
      {processing.checkFailed ? (
        <p className="form-error" role="alert">
          {processing.checkFailed}
        </p>
      ) : null}
    </>
  );
}
