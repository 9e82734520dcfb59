import { describeRemote } from "../../_kit/contract-tests";
import HomeHero from "./HomeHero";
import SearchCard from "./SearchCard";
import SiteFooter from "./SiteFooter";
import SiteHeader from "./SiteHeader";
import VdpSidebar from "./VdpSidebar";

describeRemote("ev", { HomeHero, SearchCard, SiteFooter, SiteHeader, VdpSidebar });
