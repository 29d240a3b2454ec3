extension BuiltInScenarios {
    /// Figure 10-1: the Calendar app presents the "new event" screen.
    public static let calendar = BuiltInScenario(
        key: "calendar-new-event",
        summary: "Calendar presents the new-event screen from a month view inside its navigation controller (Apple's Figure 10-1).",
        json: """
        { "name": "Calendar: new event",
          "environment": { "idiom": "phone" },
          "controllers": [
            { "id": "calendarNav", "type": "UINavigationController", "children": ["month"] },
            { "id": "month", "type": "CalendarMonthViewController", "title": "November" },
            { "id": "newEventNav", "type": "UINavigationController", "children": ["eventEditor"] },
            { "id": "eventEditor", "type": "EKEventEditViewController", "title": "New Event" } ],
          "windows": [ { "id": "calendar", "root": "calendarNav", "key": true } ],
          "steps": [
            { "comment": "The + button: the month view asks for the new-event screen.",
              "present": "newEventNav", "from": "month" },
            { "advance": 0.5 },
            { "comment": "Add: the editor dismisses itself; UIKit forwards to the presenting controller.",
              "dismiss": "eventEditor" },
            { "advance": 0.5 } ] }
        """)

    /// Figures 10-2 and 10-3: camera → photo library → people picker, cancel, then Done.
    public static let camera = BuiltInScenario(
        key: "camera-people-picker",
        summary: "Camera presents the photo library (a navigation controller, full screen); the library's content controller presents the people picker; cancel; a double tap tries a second sheet; Done dismisses the whole chain (Apple's Figures 10-2, 10-3).",
        json: """
        { "name": "Camera: photo library and people picker",
          "environment": { "idiom": "phone" },
          "controllers": [
            { "id": "camera", "type": "CameraViewController", "title": "Camera" },
            { "id": "photos", "type": "UINavigationController", "children": ["library"],
              "modalPresentationStyle": "fullScreen" },
            { "id": "library", "type": "PhotoLibraryViewController", "title": "Photos" },
            { "id": "peoplePicker", "type": "ABPeoplePickerNavigationController", "container": "navigation",
              "children": ["contacts"], "title": "People" },
            { "id": "contacts", "type": "ContactListViewController", "title": "Contacts" },
            { "id": "share", "type": "UIActivityViewController" } ],
          "windows": [ { "id": "camera-window", "root": "camera", "key": true } ],
          "steps": [
            { "comment": "Tap the photo icon.", "present": "photos", "from": "camera" },
            { "advance": 0.5 },
            { "comment": "Action button in the library's toolbar: the content controller presents.",
              "present": "peoplePicker", "from": "library" },
            { "advance": 0.5 },
            { "comment": "Cancel: the delegate (the library) dismisses the picker.", "dismiss": "library" },
            { "advance": 0.5 },
            { "present": "peoplePicker", "from": "library" },
            { "advance": 0.5 },
            { "comment": "A second tap on Share while the picker is up: the double presentation bug.",
              "present": "share", "from": "library" },
            { "comment": "Done: the camera dismisses everything it presented.", "dismiss": "camera" },
            { "advance": 0.5 } ] }
        """)

    /// Listing 10-1 and the legacy guide's delegate: a recipe-add navigation controller dismissed by its delegate.
    public static let recipe = BuiltInScenario(
        key: "recipe-add",
        summary: "The recipe list presents a navigation controller wrapping RecipeAddViewController; on Done its delegate, the recipe list, dismisses it (Apple's Listing 10-1 and the legacy delegate pattern).",
        json: """
        { "name": "Recipes: add a recipe",
          "environment": { "idiom": "phone" },
          "controllers": [
            { "id": "recipesNav", "type": "UINavigationController", "children": ["recipeList"] },
            { "id": "recipeList", "type": "RecipeListViewController", "title": "Recipes" },
            { "id": "addNav", "type": "UINavigationController", "children": ["recipeAdd"] },
            { "id": "recipeAdd", "type": "RecipeAddViewController", "title": "Add Recipe" } ],
          "windows": [ { "id": "recipes", "root": "recipesNav", "key": true } ],
          "steps": [
            { "comment": "add: presents the navigation controller, not its root.", "present": "addNav", "from": "recipeList" },
            { "advance": 0.5 },
            { "comment": "recipeAddViewController:didAddRecipe: — the delegate dismisses.", "dismiss": "recipeList" },
            { "advance": 0.5 } ] }
        """)

    /// The context rules on iPad: a split view's detail navigation controller defines the context.
    public static let splitContext = BuiltInScenario(
        key: "ipad-split-context",
        summary: "On iPad a split view's detail navigation controller defines the presentation context for a .currentContext presentation, first without, then with providesPresentationContextTransitionStyle.",
        json: """
        { "name": "iPad: split view presentation context",
          "environment": { "idiom": "pad", "horizontalSizeClass": "regular" },
          "controllers": [
            { "id": "split", "type": "UISplitViewController", "children": ["masterNav", "detailNav"] },
            { "id": "masterNav", "type": "UINavigationController", "children": ["mailboxes"] },
            { "id": "mailboxes", "type": "MailboxListViewController", "title": "Mailboxes" },
            { "id": "detailNav", "type": "UINavigationController", "children": ["message"],
              "definesPresentationContext": true, "modalTransitionStyle": "flipHorizontal" },
            { "id": "message", "type": "MessageViewController", "title": "Message" },
            { "id": "attachment", "type": "AttachmentViewController", "title": "Attachment",
              "modalPresentationStyle": "currentContext", "modalTransitionStyle": "crossDissolve" } ],
          "windows": [ { "id": "ipad", "root": "split", "key": true } ],
          "steps": [
            { "comment": "The detail pane shows an attachment over itself only.",
              "present": "attachment", "from": "message" },
            { "advance": 0.5 },
            { "dismiss": "attachment" },
            { "advance": 0.5 },
            { "comment": "Now the context also provides its transition style.",
              "set": "detailNav", "providesPresentationContextTransitionStyle": true },
            { "present": "attachment", "from": "message" },
            { "advance": 0.5 },
            { "dismiss": "message" },
            { "advance": 0.5 } ] }
        """)

    /// The common iPhone pattern: `.overCurrentContext` inside a tab bar.
    public static let tabContext = BuiltInScenario(
        key: "tab-bar-context",
        summary: "A product page inside a navigation controller inside a tab bar presents a filter over the current context; another tab presents full screen while the filter stays in its tab.",
        json: """
        { "name": "Shop: context presentation inside a tab bar",
          "environment": { "idiom": "phone" },
          "controllers": [
            { "id": "shopTabs", "type": "UITabBarController", "children": ["homeNav", "ordersNav"], "selected": 0 },
            { "id": "homeNav", "type": "UINavigationController", "children": ["home"] },
            { "id": "home", "type": "HomeViewController", "title": "Home" },
            { "id": "product", "type": "ProductViewController", "title": "Product" },
            { "id": "ordersNav", "type": "UINavigationController", "children": ["orders"] },
            { "id": "orders", "type": "OrdersViewController", "title": "Orders" },
            { "id": "filter", "type": "FilterViewController", "modalPresentationStyle": "overCurrentContext" },
            { "id": "promo", "type": "PromoViewController", "modalPresentationStyle": "fullScreen" } ],
          "windows": [ { "id": "shop", "root": "shopTabs", "key": true } ],
          "steps": [
            { "push": "product", "onto": "homeNav" },
            { "present": "filter", "from": "product" },
            { "advance": 0.5 },
            { "select": 1, "in": "shopTabs" },
            { "present": "promo", "from": "orders" },
            { "advance": 0.5 },
            { "dismiss": "promo" },
            { "advance": 0.5 },
            { "select": 0, "in": "shopTabs" },
            { "dismiss": "filter" },
            { "advance": 0.5 } ] }
        """)
}
