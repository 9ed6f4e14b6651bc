/**
 * A staff page in http mode, where the core system keeps what the page would edit: its title and
 * that plain notice, and no form.
 */
export function CoreOwns({ title, notice }: { title: string; notice: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="callout">{notice}</p>
    </>
  );
}
