"""What several areas of the pages share: the Jinja environment and rendering, running a
command with its refusal worded, forms' numbers, the live WebSocket views, the dealt tables'
keys; ``templates/``: the base page, navigation, flash, icons and the fragments of several areas."""
