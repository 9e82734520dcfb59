import type { Decorator, Preview } from "@storybook/react-vite";
import "../src/design/design.css";
import "../src/app/app.css";
import { TENANTS } from "../src/__tests__/fixtures";
import { resolveTheme, themeToCssVars } from "../src/theme/theme";

const withTheme: Decorator = (Story, context) => {
  const template = (context.globals.template as keyof typeof TENANTS | undefined) ?? "classic";
  const tenant = TENANTS[template] ?? TENANTS.classic;
  return (
    <div style={themeToCssVars(resolveTheme(tenant))} data-template={template}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    template: {
      description: "Template theme (CSS variables)",
      toolbar: { title: "Template", items: ["classic", "group", "superstore", "ev"], dynamicTitle: true },
    },
  },
  initialGlobals: { template: "classic" },
  parameters: { layout: "padded" },
};

export default preview;
