import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SiteHeaderProps } from "../contract";
import { preloadRemote, RemoteContext, RemoteSlot } from "./RemoteSlot";
import { type RemoteLoader, remoteEntryUrl, remoteName } from "./remotes";

const props: SiteHeaderProps = { siteName: "Harbourside", logoUrl: null, nav: [], phones: [] };
const Fallback = ({ siteName }: SiteHeaderProps) => <p>default header {siteName}</p>;

function slot(load: RemoteLoader | null) {
  return render(
    <RemoteContext.Provider value={load ? { template: "classic", load } : null}>
      <RemoteSlot module="SiteHeader" props={props} fallback={Fallback} loading={<p>loading</p>} />
    </RemoteContext.Provider>,
  );
}

describe("RemoteSlot (extension boundary)", () => {
  it("renders the remote's component with the props", async () => {
    const load = vi.fn(async () => ({ siteName }: SiteHeaderProps) => <p>remote header {siteName}</p>);
    slot(load);
    expect(screen.getByText("loading")).toBeTruthy();
    expect(await screen.findByText("remote header Harbourside")).toBeTruthy();
    expect(load).toHaveBeenCalledWith("SiteHeader");
  });

  it("falls back to the shell's component when the remote entry fails to load", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    slot(async () => {
      throw new Error("[ Federation Runtime ]: RUNTIME-008 Failed to load script resources");
    });
    expect(await screen.findByText("default header Harbourside")).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });

  it("falls back when the remote component throws while rendering", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Broken = () => {
      throw new Error("boom");
    };
    slot(async () => Broken);
    expect(await screen.findByText("default header Harbourside")).toBeTruthy();
  });

  it("renders a preloaded remote in its first render, with no loading placeholder", async () => {
    const load: RemoteLoader = vi.fn(async () => ({ siteName }: SiteHeaderProps) => <p>remote header {siteName}</p>);
    await preloadRemote(load, "SiteHeader");
    slot(load);
    expect(screen.queryByText("loading")).toBeNull();
    expect(screen.getByText("remote header Harbourside")).toBeTruthy();
    // Loaded once: the slot reused the preload.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("renders the shell's component in the first render when the preload failed, and says why", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const load: RemoteLoader = async () => {
      throw new Error("RUNTIME-008");
    };
    await expect(preloadRemote(load, "SiteHeader")).rejects.toThrow("RUNTIME-008");
    slot(load);
    expect(screen.queryByText("loading")).toBeNull();
    expect(screen.getByText("default header Harbourside")).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("classic/SiteHeader failed"), expect.any(Error));
  });

  it("renders the shell's component directly when the tenant has no remote", () => {
    slot(null);
    expect(screen.getByText("default header Harbourside")).toBeTruthy();
  });
});

describe("remote naming", () => {
  it("derives the container name and the entry URL from the template", () => {
    expect(remoteName("classic")).toBe("forecourt_classic");
    expect(remoteName("big-box.v2")).toBe("forecourt_big_box_v2");
    expect(remoteEntryUrl("ev")).toBe("/ui-plugins/ev/remoteEntry.js");
    expect(remoteEntryUrl("ev", "https://cdn.example/ev/remoteEntry.js")).toBe("https://cdn.example/ev/remoteEntry.js");
  });
});
