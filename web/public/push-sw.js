// The push service worker: shows each push's payload ({title, body, url, icon}) as a notification, and a click on it
// focuses a window already on that address or opens one.
self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof payload.title === "string" && payload.title ? payload.title : "MailScout";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === "string" ? payload.body : "",
      icon: typeof payload.icon === "string" ? payload.icon : undefined,
      data: { url: typeof payload.url === "string" ? payload.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only our own pages or http(s) links are opened.
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  if (target.protocol !== "https:" && target.protocol !== "http:") return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target.href);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});
