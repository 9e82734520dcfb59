// Storybook for the design system, the shell's default components and every template remote.
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  stories: ["../src/**/*.stories.tsx", "../../ui-plugins/*/src/**/*.stories.tsx"],
  framework: {
    name: "@storybook/react-vite",
    options: { builder: { viteConfigPath: "vite.storybook.config.ts" } },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // react-docgen (Babel) rather than react-docgen-typescript, which needs TypeScript's JS API (TS 7 has none).
  typescript: { reactDocgen: "react-docgen" },
};

export default config;
