import { Fragment, type ReactNode } from "react";

/**
 * Where value `index` goes in a sentence: passed to a message as a placeholder's value, so the
 * sentence can show its numbers in bold in whatever order the language puts them.
 */
export const mark = (index: number) => `\uE000${index}\uE001`;

/** A worded message with `mark(i)` in it, shown with `values[i]` in bold at each mark. */
export function Emphasised({
  text,
  values,
}: {
  text: string;
  values: ReadonlyArray<ReactNode>;
}) {
  return (
    <>
      {text.split(/\uE000(\d+)\uE001/).map((piece, at) =>
        at % 2 === 0 ? (
          <Fragment key={at}>{piece}</Fragment>
        ) : (
          <strong key={at} className="font-semibold">
            {values[Number(piece)]}
          </strong>
        ),
      )}
    </>
  );
}
