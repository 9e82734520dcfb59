import type { Meta, StoryObj } from "@storybook/react-vite";
import { templateStories } from "../../_kit/stories";
import HomeHero from "./HomeHero";
import SearchCard from "./SearchCard";
import SiteFooter from "./SiteFooter";
import SiteHeader from "./SiteHeader";
import VdpSidebar from "./VdpSidebar";

const meta: Meta = { title: "Templates/Classic", parameters: { layout: "fullscreen" } };
export default meta;

const s = templateStories("classic", { HomeHero, SearchCard, SiteFooter, SiteHeader, VdpSidebar });
export const Header: StoryObj = s.SiteHeader ?? {};
export const Hero: StoryObj = s.HomeHero ?? {};
export const Card: StoryObj = s.SearchCard ?? {};
export const Sidebar: StoryObj = s.VdpSidebar ?? {};
export const SidebarSold: StoryObj = s.VdpSidebarSold ?? {};
export const Footer: StoryObj = s.SiteFooter ?? {};
