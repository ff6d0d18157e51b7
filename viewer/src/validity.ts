/** Whether `input` is a valid URL string (against `base`). */
export function checkValidity(_input: string, _base: string | undefined): boolean | null {
  return null;
}
