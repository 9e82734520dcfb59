// Storybook's Vite config: React only, no module federation (remotes' components are imported
// directly in their stories).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [react()] });
