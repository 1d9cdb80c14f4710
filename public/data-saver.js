// Data saver (issue 26 point 7, docs/decisions/014-data-saver.md): the only script of a light page.
// An image waits for a tap (its address is in data-src); the notice's button shows them all. A tap
// on a waiting image shows it and does not follow the link the image sits in.
(function () {
  function show(img) {
    var d = img.dataset;
    if (d.srcset) img.srcset = d.srcset;
    if (d.sizes) img.sizes = d.sizes;
    img.src = d.src;
    img.removeAttribute("data-src");
    img.classList.remove("ds-img");
  }
  var button = document.getElementById("ds-show-all");
  if (button) button.hidden = false;
  document.addEventListener(
    "click",
    function (event) {
      var target = event.target;
      if (!(target instanceof Element)) return;
      var img = target.closest("img[data-src]");
      if (img) {
        event.preventDefault();
        event.stopPropagation();
        show(img);
      } else if (target.closest("#ds-show-all")) {
        document.querySelectorAll("img[data-src]").forEach(show);
      }
    },
    true,
  );
})();
