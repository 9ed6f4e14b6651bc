/** The FormData of a posted form with these fields (one value each), as the actions read it. */
export function formDataOf(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}
