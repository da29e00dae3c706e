// GitHub Actions workflow commands (`::error file=…,line=…::message`), escaped as the Actions
// toolkit escapes them, so a message or a file name stays one annotation and cannot end it early.

/** Message data: %, CR and LF are escaped, or the annotation ends at the first newline. */
export const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/** Property values also escape `:` and `,`, which separate the properties. */
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export interface AnnotationPlace {
  title?: string;
  file?: string;
  /** 1-based; left out when absent or 0 (a problem with the file as a whole). */
  line?: number;
  col?: number;
}

/** One `::error ...::` or `::warning ...::` line, ending in a newline. */
export function annotation(kind: "error" | "warning", message: string, at: AnnotationPlace = {}): string {
  const props = [
    at.file === undefined ? undefined : `file=${escapeProperty(at.file)}`,
    at.line ? `line=${at.line}` : undefined,
    at.line && at.col ? `col=${at.col}` : undefined,
    at.title === undefined ? undefined : `title=${escapeProperty(at.title)}`,
  ].filter((p) => p !== undefined);
  return `::${kind}${props.length ? ` ${props.join(",")}` : ""}::${escapeData(message)}\n`;
}
