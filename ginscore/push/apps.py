from django.apps import AppConfig


class PushConfig(AppConfig):
    name = "ginscore.push"
    label = "push"

    def ready(self):
        from django.contrib.auth.signals import user_logged_out

        from ginscore.push.later import on_news
        from ginscore.tournaments.news import news

        news.connect(on_news, dispatch_uid="push.on_news")
        user_logged_out.connect(withdraw_on_log_out, dispatch_uid="push.withdraw_on_log_out")


def withdraw_on_log_out(sender, *, request, **kwargs):
    """Log-out withdraws this phone's notifications (made on this device, or in this session): the
    next person to use it hears nothing of the one who left (the page also unsubscribes the browser)."""
    from ginscore.club.device import current_device
    from ginscore.club.viewer import viewer_name
    from ginscore.push.services import subscriptions_withdraw

    if request is not None:
        subscriptions_withdraw(device=current_device(), session=viewer_name(request))
