// Remote styles travel with the components: React 19 hoists `<style href precedence>` into <head>
// once per href, in the shell, in Storybook and in tests alike (no CSS link handling in federation).

/**
 * Injects a template's stylesheet once. Takes the template name (used as the dedupe key) and the CSS
 * text (imported with `?inline`); renders a hoisted `<style>`.
 */
export function Style({ template, css }: { template: string; css: string }) {
  return (
    <style href={`forecourt-${template}`} precedence="default">
      {css}
    </style>
  );
}
